// The few admin APIs of @strapi/strapi this plugin uses. The app provides the module at run time
// (it is external to the plugin's bundle); declaring it here keeps the plugin's own install small.
declare module '@strapi/strapi/admin' {
  export interface FetchResponse<T> {
    data: T;
  }
  export function useFetchClient(): {
    get<T = unknown>(url: string): Promise<FetchResponse<T>>;
    post<T = unknown>(url: string, body?: unknown): Promise<FetchResponse<T>>;
  };
  export function unstable_useContentManagerContext(): {
    model: string;
    id?: string;
    isCreatingEntry: boolean;
  };
}
