// What a decision record must have (docs/decisions/template.md) and the index that lists them all
// (docs/decisions/README.md). Checked by scripts/decision-records.test.ts.
import fs from 'node:fs';
import path from 'node:path';

export const RECORD_FILE = /^(\d{3})-[a-z0-9-]+\.md$/;
const HEADINGS = ['## Context', '## Decision', '## Consequences'];

/** What is wrong with one record's text, given its file name; empty when it follows the template. */
export function recordProblems(file: string, text: string): string[] {
  const number = RECORD_FILE.exec(file)?.[1];
  if (!number) return [`${file}: a record's name is NNN-words.md`];
  const lines = text.split('\n');
  const problems: string[] = [];
  if (!lines[0]?.startsWith(`# ${number}. `)) problems.push(`${file}: the first line is "# ${number}. <title>"`);
  if (!/^- Date: \d{4}-\d{2}-\d{2}$/.test(lines[2] ?? '')) problems.push(`${file}: the third line is "- Date: YYYY-MM-DD"`);
  if (!/^- Status: \S/.test(lines[3] ?? '')) problems.push(`${file}: the fourth line is "- Status: ..."`);
  let at = -1;
  for (const heading of HEADINGS) {
    const found = lines.indexOf(heading);
    if (found <= at) problems.push(`${file}: "${heading}" is missing or out of order`);
    else at = found;
  }
  return problems;
}

/** The record's title, as the index names it: "NNN. Title". */
export const recordTitle = (text: string) => text.split('\n')[0]!.replace(/^# /, '');

/** Every problem of the records in `dir` and of its index. */
export function checkDecisionRecords(dir: string): string[] {
  const files = fs
    .readdirSync(dir)
    .filter((f) => /^\d/.test(f))
    .sort();
  const index = fs.readFileSync(path.join(dir, 'README.md'), 'utf8');
  const problems: string[] = [];
  files.forEach((file, i) => {
    const text = fs.readFileSync(path.join(dir, file), 'utf8');
    problems.push(...recordProblems(file, text));
    const expected = String(i + 1).padStart(3, '0');
    if (!file.startsWith(`${expected}-`)) problems.push(`${file}: expected number ${expected} (one record per number, none skipped)`);
    if (!index.includes(`- [${recordTitle(text)}](${file})`))
      problems.push(`${file}: not listed in README.md as "- [${recordTitle(text)}](${file})"`);
  });
  return problems;
}
