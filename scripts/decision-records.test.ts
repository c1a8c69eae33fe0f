import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDecisionRecords, recordProblems } from './decision-records.ts';

const good = '# 007. A choice\n\n- Date: 2026-11-27\n- Status: accepted\n\n## Context\nx\n\n## Decision\ny\n\n## Consequences\nz\n';

describe('decision records', () => {
  it('follow the template and are all listed in the index', () => {
    expect(checkDecisionRecords(path.resolve(import.meta.dirname, '../docs/decisions'))).toEqual([]);
  });

  it('refuses a record without its date, status or sections, or with a number other than its name', () => {
    expect(recordProblems('007-a-choice.md', good)).toEqual([]);
    expect(recordProblems('007-a-choice.md', good.replace('## Consequences\nz\n', ''))).toEqual([
      '007-a-choice.md: "## Consequences" is missing or out of order',
    ]);
    expect(recordProblems('008-a-choice.md', good.replace('- Date: 2026-11-27', '- Date: today'))).toEqual([
      '008-a-choice.md: the first line is "# 008. <title>"',
      '008-a-choice.md: the third line is "- Date: YYYY-MM-DD"',
    ]);
    expect(recordProblems('notes.md', good)).toEqual(["notes.md: a record's name is NNN-words.md"]);
  });
});
