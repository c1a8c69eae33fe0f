// What the panel's actions answer (shared/contracts/staff/actions.ts).
import type { ActionCreated, ActionDone } from '#shared/contracts/staff/actions.ts';

export const done = (): ActionDone => ({ success: true });

export const created = (id: number): ActionCreated => ({ success: true, id });
