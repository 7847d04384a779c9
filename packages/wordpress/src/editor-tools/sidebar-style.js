/**
 * Controls stacked in a sidebar panel, WordPress's own 16 px apart: with their bottom margins off
 * (__nextHasNoMarginBottom), a label would otherwise touch the control above it.
 */
export const CONTROL_STACK = { display: 'grid', gap: 16 };

/**
 * A sidebar button's style: a long label (in Russian, say) wraps instead of running out of the
 * panel. Inline, since the block's stylesheet reaches the editor canvas, not the sidebar.
 */
export const WRAPPING_BUTTON = { height: 'auto', minHeight: 36, whiteSpace: 'normal', textAlign: 'left' };
