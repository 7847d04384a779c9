// The few admin APIs of @strapi/strapi this plugin uses. The app provides the module at run time
// (it is external to the plugin's bundle); declaring it here keeps the plugin's own install small.
declare module '@strapi/strapi/admin' {
  export interface FetchResponse<T> {
    data: T;
  }
  export function useFetchClient(): {
    get<T = unknown>(url: string, options?: { responseType?: 'json' | 'blob' | 'text' }): Promise<FetchResponse<T>>;
    post<T = unknown>(url: string, body?: unknown): Promise<FetchResponse<T>>;
    put<T = unknown>(url: string, body?: unknown): Promise<FetchResponse<T>>;
    del<T = unknown>(url: string): Promise<FetchResponse<T>>;
  };
  /** The edit view's form (Strapi's admin Form context): `onChange(path, value)` sets a field without saving. */
  export function useForm<Selected>(
    consumerName: string,
    selector: (form: {
      onChange(path: string, value: unknown): void;
      values: Record<string, unknown>;
      initialValues: Record<string, unknown>;
      isSubmitting: boolean;
    }) => Selected,
    shouldThrowOnMissingContext?: false,
  ): Selected | undefined;
  /** Strapi's toasts. */
  export function useNotification(): {
    toggleNotification(notification: { type: 'success' | 'warning' | 'danger' | 'info'; message: string; title?: string }): void;
  };
  export function unstable_useContentManagerContext(): {
    model: string;
    id?: string;
    isCreatingEntry: boolean;
  };
}
