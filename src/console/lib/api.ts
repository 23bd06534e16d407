// The console's single API client instance; main.tsx attaches the UI hooks.
import { createApiClient } from './api-client.ts';

export const apiClient = createApiClient();
