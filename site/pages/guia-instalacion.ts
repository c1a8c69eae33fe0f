// /guia-instalacion sends the browser to the printable install guide.
import type { APIRoute } from 'astro';

export const prerender = false;
export const GET: APIRoute = ({ redirect }) => redirect('/guia-instalacion-velada.html', 301);
