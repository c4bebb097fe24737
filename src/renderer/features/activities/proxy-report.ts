/**
 * What the registry's Activity proxy reports (ACTIVITY_PROXY_REPORT: a request the page's CSP
 * blocked, a target down or slow, a path refused) belongs in the open launch's inspector
 * entry when it is about that app's Activity, and about this frame where the page's address
 * said which (a report without a frame id is the app's, so every open frame of it shows it).
 */
import type { OpenActivity } from './activities-slice.js';

/** Whether the report `data` is about the Activity open here. */
export function reportsOnOpenActivity(activity: Pick<OpenActivity, 'applicationId' | 'frameId'> | null, data: Record<string, unknown>): boolean {
  if (activity === null || data.application_id !== activity.applicationId) return false;
  return data.frame_id === null || data.frame_id === undefined || data.frame_id === activity.frameId;
}
