/** `PENDING_STORAGE_KEY` of widget/leads (the loader may not import it; a unit test pins both). */
export const PENDING_LEADS_KEY = 'voice-assistant:pending-leads';

/** Whether an earlier page load left leads waiting on the device (storage may throw). */
export function leadsPending(): boolean {
  try {
    return globalThis.localStorage?.getItem(PENDING_LEADS_KEY) != null;
  } catch {
    return false;
  }
}
