/**
 * The posts a run would voice, with why and how long each is.
 */
import { __ } from '@wordpress/i18n';
import { duration, number } from './format.js';

const STATES = {
	missing: __( 'No audio yet', 'circassian' ),
	stale: __( 'Audio of an older text', 'circassian' ),
};

export default function PostsTable( { posts } ) {
	return (
		<table className="widefat striped circassian-bulk__posts">
			<thead>
				<tr>
					<th scope="col">{ __( 'Post', 'circassian' ) }</th>
					<th scope="col">{ __( 'Audio', 'circassian' ) }</th>
					<th scope="col">{ __( 'Characters', 'circassian' ) }</th>
					<th scope="col">{ __( 'Audio, about', 'circassian' ) }</th>
				</tr>
			</thead>
			<tbody>
				{ posts.map( ( post ) => (
					<tr key={ post.id }>
						<td>{ post.edit_link ? <a href={ post.edit_link }>{ post.title || `#${ post.id }` }</a> : post.title }</td>
						<td>{ STATES[ post.state ] ?? post.state }</td>
						<td>{ number( post.characters ) }</td>
						<td>{ duration( post.seconds ) }</td>
					</tr>
				) ) }
			</tbody>
		</table>
	);
}
