/**
 * Discord's own OpenAPI spec as an oracle (npm `discord-api-spec`, generated daily from
 * github.com/discord/discord-api-spec): which response schema each route answers with, per
 * status, and what a body is missing (loose: required fields, types, enums, nulls) or has
 * beyond it (strict: fields the spec does not know).
 *
 * The route table is the package's `Paths` type, read from its TypeScript source with the
 * compiler API, so no route or status here is written by hand; each named type there has a
 * zod schema of the same name in `discord-api-spec/zod`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import * as z from 'zod/mini';
import * as schemas from 'discord-api-spec/zod';

type Schema = z.ZodMiniType;
const NAMED = schemas as unknown as Record<string, Schema | undefined>;

/** A route of the spec: its path template (`/applications/{application_id}`) and method. */
export interface SpecRoute {
  template: string;
  method: string;
  /** The type of each answer by status (`200`, `204`, `429`, `4XX`), as the spec writes it. */
  responses: Map<string, ts.TypeNode>;
}

function propertyName(member: ts.TypeElement): string | undefined {
  const name = member.name;
  return name && (ts.isStringLiteral(name) || ts.isIdentifier(name) || ts.isNumericLiteral(name)) ? name.text : undefined;
}

function typeMembers(node: ts.TypeNode | undefined): ts.NodeArray<ts.TypeElement> {
  return node && ts.isTypeLiteralNode(node) ? node.members : ts.factory.createNodeArray();
}

function member(node: ts.TypeNode | undefined, name: string): ts.TypeNode | undefined {
  const found = typeMembers(node).find((each) => propertyName(each) === name);
  return found && ts.isPropertySignature(found) ? found.type : undefined;
}

/** Every route of the spec, from the package's `Paths` interface. */
function readRoutes(): SpecRoute[] {
  const file = fileURLToPath(import.meta.resolve('discord-api-spec')).replace(/\.js$/, '.ts');
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const paths = source.statements.find((statement): statement is ts.InterfaceDeclaration =>
    ts.isInterfaceDeclaration(statement) && statement.name.text === 'Paths');
  if (!paths) throw new Error(`no Paths interface in ${file}`);
  const routes: SpecRoute[] = [];
  for (const path of paths.members) {
    const template = propertyName(path);
    if (!template || !ts.isPropertySignature(path)) continue;
    for (const operation of typeMembers(path.type)) {
      const method = propertyName(operation);
      if (!method || !ts.isPropertySignature(operation)) continue;
      const responses = new Map<string, ts.TypeNode>();
      for (const response of typeMembers(member(operation.type, 'responses'))) {
        const status = propertyName(response);
        if (status && ts.isPropertySignature(response) && response.type) responses.set(status, response.type);
      }
      routes.push({ template, method: method.toUpperCase(), responses });
    }
  }
  return routes;
}

export const SPEC_ROUTES = readRoutes();

/** The zod schema of a type as the spec's route table writes it (a name, an array, a union, null). */
function schemaOf(node: ts.TypeNode): Schema {
  if (ts.isParenthesizedTypeNode(node)) return schemaOf(node.type);
  if (ts.isArrayTypeNode(node)) return z.array(schemaOf(node.elementType));
  if (ts.isUnionTypeNode(node)) {
    const options = node.types.map(schemaOf);
    return options.length === 1 ? options[0]! : z.union(options as [Schema, Schema, ...Schema[]]);
  }
  if (ts.isLiteralTypeNode(node) && node.literal.kind === ts.SyntaxKind.NullKeyword) return z.null();
  if (node.kind === ts.SyntaxKind.StringKeyword) return z.string();
  if (node.kind === ts.SyntaxKind.UnknownKeyword) return z.unknown();
  if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName)) {
    const schema = NAMED[`${node.typeName.text}Schema`];
    if (schema) return schema;
  }
  throw new Error(`no schema for the spec's type ${ts.SyntaxKind[node.kind]}`);
}

/** Segments of a path template, with `{name}` and `:name` both a parameter. */
function segments(template: string): string[] {
  return template.split('/').map((segment) => (/^\{.+\}$|^:/.test(segment) ? '{}' : segment));
}

/** The spec's route for a route of the registry (`/api/v10/...` with `:name` parameters), if the spec has it. */
export function specRoute(method: string, registryUrl: string): SpecRoute | undefined {
  if (!registryUrl.startsWith('/api/v10/')) return undefined;
  const wanted = segments(registryUrl.slice('/api/v10'.length));
  // Literals match literals only: the spec's `/users/@me` is a route of its own, and the
  // registry's `/applications/detectable` is not `/applications/{application_id}`.
  return SPEC_ROUTES.find((route) => {
    const have = segments(route.template);
    return route.method === method && have.length === wanted.length && have.every((segment, index) => segment === wanted[index]);
  });
}

/** The type name the spec gives an answer of `status` (`4XX` for any client error), if any. */
export function responseType(route: SpecRoute, status: number): ts.TypeNode | undefined {
  return route.responses.get(String(status)) ?? route.responses.get(`${String(status)[0]}XX`);
}

export function responseSchema(route: SpecRoute, status: number): Schema | undefined {
  const type = responseType(route, status);
  return type && schemaOf(type);
}

/** The spec's schema of a named type (`MessageResponse`), for payloads outside the route table (gateway events). */
export function namedSchema(name: string): Schema {
  const schema = NAMED[`${name}Schema`];
  if (!schema) throw new Error(`the spec has no ${name}`);
  return schema;
}

/** Where a body differs from its schema, loosely: each problem as `path: message`. */
export function looseProblems(schema: Schema, body: unknown): string[] {
  const result = z.safeParse(schema, body);
  if (result.success) return [];
  return result.error.issues.flatMap((issue) => flatIssues(issue, issue.path.map(String)));
}

/** A union's issue holds each option's issues: the closest option's (fewest problems) say the most. */
function flatIssues(issue: z.core.$ZodIssue, at: string[]): string[] {
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    const closest = [...issue.errors].sort((a, b) => a.length - b.length)[0]!;
    return closest.flatMap((inner) => flatIssues(inner, [...at, ...inner.path.map(String)]));
  }
  return [`${at.join('.') || '(body)'}: ${issue.message}${'expected' in issue ? ` (expected ${String(issue.expected)})` : ''}`];
}

/** The name an exported schema has in the spec (`MessageResponse`), for the strict list's keys. */
const NAMES = new Map<unknown, string>(Object.entries(NAMED).map(([name, schema]) => [schema, name.replace(/Schema$/, '')]));

interface Definition {
  type: string;
  shape?: Record<string, Schema>;
  options?: Schema[];
  left?: Schema;
  right?: Schema;
  element?: Schema;
  innerType?: Schema;
  valueType?: Schema;
  getter?: () => Schema;
}
const definition = (schema: Schema) => (schema as unknown as { _zod: { def: Definition } })._zod.def;

function resolved(schema: Schema): Schema {
  let current = schema;
  for (;;) {
    const def = definition(current);
    if (def.type === 'lazy' && def.getter) current = def.getter();
    else if ((def.type === 'nullable' || def.type === 'optional') && def.innerType) current = def.innerType;
    else return current;
  }
}

/** The object shapes a schema stands for (both sides of an intersection). */
function shapes(schema: Schema): Record<string, Schema>[] {
  const def = definition(resolved(schema));
  if (def.type === 'object' && def.shape) return [def.shape];
  if (def.type === 'intersection' && def.left && def.right) return [...shapes(def.left), ...shapes(def.right)];
  return [];
}

/**
 * Fields a body has that its schema does not know, strictly, each as `Type.field` (the
 * nearest named type), walked through every object, array and the union option the body fits.
 */
export function unknownFields(schema: Schema, body: unknown, owner = 'body'): string[] {
  if (body === null || typeof body !== 'object') return [];
  const target = resolved(schema);
  const name = NAMES.get(target) ?? owner;
  const def = definition(target);
  if (Array.isArray(body)) return def.type === 'array' && def.element ? body.flatMap((item) => unknownFields(def.element!, item, name)) : [];
  if (def.type === 'union' && def.options) {
    const fitting = def.options.find((option) => z.safeParse(option, body).success) ?? def.options[0]!;
    return unknownFields(fitting, body, name);
  }
  if (def.type === 'record' && def.valueType) return Object.values(body).flatMap((value) => unknownFields(def.valueType!, value, name));
  const objects = shapes(target);
  if (objects.length === 0) return [];
  const found: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    const field = objects.find((shape) => key in shape)?.[key];
    if (!field) found.push(`${name}.${key}`);
    else found.push(...unknownFields(field, value, name));
  }
  return found;
}
