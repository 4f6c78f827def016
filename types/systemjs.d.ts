// The SystemJS loader the shell runs on (loaded by index.html); only what the shell uses.
declare const System: {
  import<T = unknown>(id: string): Promise<T>;
  resolve(id: string): string;
  delete(id: string): boolean;
};
