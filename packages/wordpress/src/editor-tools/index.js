// Editor-wide tools: the text blocks' toolbar actions, audio from selected blocks, and the post's
// translation panel.
import './block-toolbar.js';
import './audio-from-selection.js';
import './post-panel.js';
