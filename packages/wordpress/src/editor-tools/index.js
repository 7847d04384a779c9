// Editor-wide tools: the text blocks' toolbar actions and the post's translation panel.
import './block-toolbar.js';
import './post-panel.js';
