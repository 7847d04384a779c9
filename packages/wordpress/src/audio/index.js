import { registerBlockType } from '@wordpress/blocks';
import metadata from './block.json';
import Edit from './edit';
import save from './save';
import './editor.scss';
import '../editor-tools';

registerBlockType( metadata.name, { edit: Edit, save } );
