/** The query key of the user's plant list: refetch or invalidate it by this key, never a copy of it. */
export const PLANT_LIST_KEY = ['plant/list'] as const;
