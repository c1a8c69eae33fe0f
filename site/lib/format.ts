// Money, dates and catalogue labels as visitors in Buenos Aires read them.
import { findBarrio, findCategory } from '../../db/catalogue.ts';

const money = new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS', maximumFractionDigits: 0 });
const count = new Intl.NumberFormat('es-AR');

export const formatMoney = (amount: number) => money.format(amount);
export const formatCount = (n: number) => count.format(n);
export const categoryLabel = (value: string) => findCategory(value)?.label ?? value;
export const barrioName = (slug: string | null) => (slug ? (findBarrio(slug)?.name ?? slug) : 'CABA');
