/**
 * The posts a run would voice, with why and how long each is, and "Leave out" for a post that
 * should never be read aloud ("Hello world!"): its own "Read aloud" switch is turned off, so no run
 * voices it and no podcast lists it; the post's Post audio panel turns it back on.
 */
import { __, sprintf } from '@wordpress/i18n';
import { Button } from '@wordpress/components';
import { duration, number } from './format.js';

const STATES = {
	missing: __( 'No audio yet', 'circassian' ),
	stale: __( 'Audio of an older text', 'circassian' ),
};

export default function PostsTable( { posts, onLeaveOut, busy } ) {
	return (
		<table className="widefat striped circassian-bulk__posts">
			<thead>
				<tr>
					<th scope="col">{ __( 'Post', 'circassian' ) }</th>
					<th scope="col">{ __( 'Audio', 'circassian' ) }</th>
					<th scope="col">{ __( 'Characters', 'circassian' ) }</th>
					<th scope="col">{ __( 'Audio, about', 'circassian' ) }</th>
					<th scope="col">
						<span className="screen-reader-text">{ __( 'Leave out', 'circassian' ) }</span>
					</th>
				</tr>
			</thead>
			<tbody>
				{ posts.map( ( post ) => (
					<tr key={ post.id }>
						<td>{ post.edit_link ? <a href={ post.edit_link }>{ post.title || `#${ post.id }` }</a> : post.title }</td>
						<td>{ STATES[ post.state ] ?? post.state }</td>
						<td>{ number( post.characters ) }</td>
						<td>{ duration( post.seconds ) }</td>
						<td>
							<Button
								variant="link"
								disabled={ busy }
								onClick={ () => onLeaveOut( post.id ) }
								label={ sprintf( /* translators: %s: post title. */ __( 'Leave “%s” out of post audio', 'circassian' ), post.title || `#${ post.id }` ) }
								showTooltip={ false }
							>
								{ __( 'Leave out', 'circassian' ) }
							</Button>
						</td>
					</tr>
				) ) }
			</tbody>
		</table>
	);
}
