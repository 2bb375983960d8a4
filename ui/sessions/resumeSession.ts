/**
 * The sessionStorage key through which the session page asks the Live page to resume an
 * interrupted session: the Live page reads it and sends `live.start {…, resumeSessionId}`.
 */
export const resumeSessionStorageKey = 'earshot.resumeSessionId';
