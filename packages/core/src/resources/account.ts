import { operationCall } from '../internal/operations.js';
import type { RequestCore } from '../internal/request.js';
import type { RequestOptions } from '../options.js';
import type { KeyDetails, LanguagesResponse, VoicesResponse } from '../types.js';

/** The key and the service's listings. */
export class AccountResource {
  constructor(private readonly core: RequestCore) {}

  me(options?: RequestOptions) {
    return this.core.json<KeyDetails>(operationCall('me'), options);
  }
  languages(options?: RequestOptions) {
    return this.core.json<LanguagesResponse>(operationCall('languages'), options);
  }
  voices(options?: RequestOptions) {
    return this.core.json<VoicesResponse>(operationCall('voices'), options);
  }
}
