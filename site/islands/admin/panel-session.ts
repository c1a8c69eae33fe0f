// The staff session seen from the panel: a 401 (idle or ended session) goes back to the login, and a heartbeat
// every 10 minutes tells the server the panel is still open.
import { useEffect } from 'react';
import { ApiError, postData } from '#site/lib/admin-api.ts';

const HEARTBEAT_MS = 10 * 60 * 1000;

export const toLogin = () => window.location.assign('/admin/login');

export function useSessionHeartbeat(): void {
  useEffect(() => {
    const heartbeat = setInterval(() => {
      postData('heartbeat').catch((err) => {
        if (err instanceof ApiError && err.status === 401) toLogin();
      });
    }, HEARTBEAT_MS);
    return () => clearInterval(heartbeat);
  }, []);
}
