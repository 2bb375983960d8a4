import { apiUrl } from './apiUrl.ts';
import { vendorJson, type VendorRequest, vendorRequest } from './vendorRequest.ts';

/** What every call to one vendor's REST API shares. */
export interface VendorApiSettings {
  vendor: string;
  baseUrl: string;
  /** The credential, in the header and scheme the vendor wants. */
  headers: Record<string, string>;
  secrets: readonly string[];
}

/** One call, with its path relative to the REST base, e.g. `/files`. */
export type ApiCall = Omit<VendorRequest, 'vendor' | 'url' | 'headers' | 'secrets'> & { path: string };

/** `vendorRequest` and `vendorJson` for a vendor with several endpoints under one base URL. */
export function vendorApi(settings: VendorApiSettings) {
  const toRequest = ({ path, ...call }: ApiCall): VendorRequest => ({
    ...call,
    vendor: settings.vendor,
    url: apiUrl(settings.baseUrl, path),
    headers: settings.headers,
    secrets: settings.secrets,
  });
  return {
    request: (call: ApiCall) => vendorRequest(toRequest(call)),
    json: (call: ApiCall) => vendorJson<unknown>(toRequest(call)),
  };
}
