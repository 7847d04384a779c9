import { registerBlockType } from '@wordpress/blocks';
import metadata from './block.json';
import Edit from './edit.js';
import save from './save.js';
import './editor.scss';
import '../editor-tools/index.js';
import './resume-jobs.js';

registerBlockType( metadata.name, { edit: Edit, save } );
