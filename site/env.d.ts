/// <reference types="astro/client" />
// What the Koa server hands every SSR render (api/astro-handler.ts).
declare namespace App {
  interface Locals {
    db: import('knex').Knex;
    dataDir: string;
    /** Which payment methods the server is configured for (MercadoPago only with its access token). */
    payments?: { mercadoPago: boolean };
  }
}
