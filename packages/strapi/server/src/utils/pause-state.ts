// Reading a pause: whether it holds now, which one stops a kind of job, and its sentence for an editor.
import type { PauseState, PauseStates } from '../../../shared/contracts/admin-api';

export const NOT_PAUSED: PauseState = { pausedUntil: null, reason: null, byHand: false };

/** Whether a pause holds now (a pause with a time ends by itself at that time). */
export const isActive = (state: PauseState, now = Date.now()): boolean =>
  state.byHand || (state.pausedUntil !== null && state.pausedUntil > now);

/** The pause that stops one kind of job now: the whole queue's first, else the kind's own. */
export const pauseOf = (pauses: PauseStates, kind: 'translate' | 'audio'): PauseState => (isActive(pauses.all) ? pauses.all : pauses[kind]);

/** The sentence of a pause that holds now, for an editor. */
export const pauseSentence = (state: PauseState): string | null =>
  isActive(state) ? (state.message ?? (state.byHand ? 'Paused by an administrator.' : state.reason)) : null;
