// Random secrets for cookies and mailed links: only their SHA-256 is stored, so a copy of the database opens
// no session and confirms no email.
import crypto from 'node:crypto';

/** 32 random bytes, URL-safe. */
export const newToken = () => crypto.randomBytes(32).toString('base64url');
export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
/** Tokens we issue are 43 characters; anything much longer is not ours and is not hashed. */
export const isPlausibleToken = (token: string | undefined): token is string => !!token && token.length >= 20 && token.length <= 100;
