/** Types of source-key.mjs (plain JavaScript, shared with server/serve.mjs). */
export declare function sourceKey(address: string): string;
