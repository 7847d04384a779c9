/**
 * The bulk-audio routes of the site (circassian/v1); apiFetch sends the REST nonce.
 */
import apiFetch from '@wordpress/api-fetch';
import { addQueryArgs } from '@wordpress/url';

const BASE = '/circassian/v1/bulk-audio';

/** Post types, the posts of one that need audio (of `ids` only, when given), the estimate, the key's limits and the run. */
export const fetchOverview = ( postType, ids ) =>
	apiFetch( { path: addQueryArgs( BASE, { ...( postType ? { post_type: postType } : {} ), ...( ids ? { ids } : {} ) } ) } );
export const fetchRun = () => apiFetch( { path: `${ BASE }/run` } );
export const startRun = ( postType, ids ) =>
	apiFetch( { path: `${ BASE }/run`, method: 'POST', data: { post_type: postType, ...( ids ? { ids } : {} ) } } );
/** @param {'pause'|'resume'|'cancel'} action */
export const controlRun = ( action ) => apiFetch( { path: `${ BASE }/run/${ action }`, method: 'POST' } );
/** Leaves a post out of post audio for good (its "Read aloud" switch off): no run, no podcast episode. */
export const leaveOut = ( id ) => apiFetch( { path: `${ BASE }/posts/${ id }/leave-out`, method: 'POST' } );
