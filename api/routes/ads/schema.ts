import { idParams } from '#api/http/validate.ts';

export const adIdParams = idParams;
