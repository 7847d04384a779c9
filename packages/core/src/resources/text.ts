import { operationCall } from '../internal/operations.js';
import type { RequestCore } from '../internal/request.js';
import type { RequestOptions } from '../options.js';
import type {
  DetectRequest,
  DetectResponse,
  DictionaryRequest,
  DictionaryResponse,
  TranslateRequest,
  TranslateResponse,
} from '../types.js';

/** One-request text operations. */
export class TextResource {
  constructor(private readonly core: RequestCore) {}

  translate(body: TranslateRequest, options?: RequestOptions) {
    return this.core.json<TranslateResponse>(operationCall('translate', { body }), options);
  }
  dictionary(body: DictionaryRequest, options?: RequestOptions) {
    return this.core.json<DictionaryResponse>(operationCall('dictionary', { body }), options);
  }
  detect(body: DetectRequest, options?: RequestOptions) {
    return this.core.json<DetectResponse>(operationCall('detect', { body }), options);
  }
}
