// On every page: start the tracker if the visitor already allowed analytics. The tracker's code is only
// downloaded then.
import { analyticsIds } from './client.ts';

if (analyticsIds()) void import('./tracker.ts').then((tracker) => tracker.startTracking());
