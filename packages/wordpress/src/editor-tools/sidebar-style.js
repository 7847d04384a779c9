/**
 * A sidebar button's style: a long label (in Russian, say) wraps instead of running out of the
 * panel. Inline, since the block's stylesheet reaches the editor canvas, not the sidebar.
 */
export const WRAPPING_BUTTON = { height: 'auto', minHeight: 36, whiteSpace: 'normal', textAlign: 'left' };
