import { idParams } from '../../http/validate.ts';

export const adIdParams = idParams;
