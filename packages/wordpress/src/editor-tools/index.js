// Editor-wide tools: the text blocks' toolbar actions, audio from selected blocks, and the post's
// translation panel, the whole-post palochka fix, the post audio panel and the per-block "not in
// audio" toggle.
import './block-toolbar.js';
import './audio-from-selection.js';
import './post-panel.js';
import './post-palochka.js';
import './post-audio-panel.js';
import './not-in-audio.js';
