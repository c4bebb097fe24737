/** The package types its zod entry point by the JavaScript file itself; api-spec.ts reads the schemas by name. */
declare module 'discord-api-spec/zod';
