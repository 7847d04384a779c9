// Editor-wide tools: the text blocks' toolbar actions and near matches from the memory, audio from
// selected blocks, the post's translation panel and a translation's review of blocks whose original
// changed, the whole-post palochka fix, the post audio panel, the per-block "not in audio" toggle,
// the warnings when audio no longer matches its text (before publishing, while a published post is
// edited), and the publish panel's post audio and palochka checks.
import './block-toolbar.js';
import './block-memory-panel.js';
import './audio-from-selection.js';
import './post-panel.js';
import './translation-review.js';
import './post-palochka.js';
import './post-audio-panel.js';
import './not-in-audio.js';
import './prepublish-audio-check.js';
import './prepublish-post-check.js';
import './update-audio-warning.js';
