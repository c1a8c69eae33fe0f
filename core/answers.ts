// What a command answers when it has nothing more to show (shared/contracts/answers.ts).
import type { Created, Done } from '#shared/contracts/answers.ts';

export const done = (): Done => ({ success: true });

export const created = (id: number): Created => ({ success: true, id });
