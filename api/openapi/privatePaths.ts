import { controlBasePath } from '../control/controlBasePath.ts';
import type { ErrorCode } from '../errorCodes.ts';
import { loginPath, loginTokenLifetimeMs } from '../login/ownerAccess.ts';
import { type JsonObject, inlineSchema, schemaPrefix } from './documentFragments.ts';
import { errorResponses, errorsOfEveryEndpoint } from './errorResponses.ts';
import { ownerSecurity } from './ownerSecurity.ts';
import {
  type Answer,
  type PrivateOperation,
  privateOperations,
  type RequestBody,
} from './privateOperations.ts';
import { listQueryParameters } from './sessionListParameters.ts';

export const privateTag = 'private';

/** What marks an operation as one of the app's, not of the public REST API. */
const privateMarks = { tags: [privateTag], 'x-earshot-private': true };

/** The owner check before every control route answers this when the request carries no credential. */
const errorsOfOwnerRoutes: ErrorCode[] = ['unauthorized'];

/** The path items of the private routes: the control channel's, then the sign-in link's. */
export function privatePathItems(): Record<string, JsonObject> {
  const items: Record<string, JsonObject> = {};
  for (const operation of privateOperations) {
    const path = controlBasePath + operation.path;
    items[path] = { ...items[path], [operation.method]: toOperation(operation) };
  }
  items[loginPath] = { get: logInOperation() };
  return items;
}

function toOperation(operation: PrivateOperation): JsonObject {
  const { answer, body } = operation;
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    ...privateMarks,
    security: ownerSecurity,
    parameters: [
      ...(operation.id === undefined
        ? []
        : [
            {
              name: 'id',
              in: 'path',
              required: true,
              description: operation.id.description,
              schema: { type: 'string', minLength: 1 },
              example: operation.id.example,
            },
          ]),
      ...(operation.query ?? []).map(({ name, description, schema, example }) => ({
        name,
        in: 'query',
        required: true,
        description,
        schema,
        example,
      })),
      ...(operation.takesListQuery ? listQueryParameters() : []),
    ],
    ...(body === undefined ? {} : { requestBody: requestBodyOf(body) }),
    responses: {
      [String(answer.status)]: successResponse(answer),
      ...errorResponses([...errorsOfOwnerRoutes, ...operation.errors, ...errorsOfEveryEndpoint]),
    },
  };
}

function requestBodyOf(body: RequestBody): JsonObject {
  const content =
    body.kind === 'json'
      ? { 'application/json': { schema: inlineSchema(body.schema, 'input'), example: body.example } }
      : {
          'application/octet-stream': {
            schema: { type: 'string', contentMediaType: 'application/octet-stream' },
            example: body.example,
          },
        };
  const streamed = body.kind === 'file' ? '; streamed to disk as sent, whatever its Content-Type' : '';
  return { required: true, description: body.description + streamed, content };
}

function successResponse(answer: Answer): JsonObject {
  const { description, schema, mediaTypes } = answer;
  if (mediaTypes !== undefined) {
    return {
      description,
      ...(mediaTypes.length === 0
        ? {}
        : {
            headers: { 'Content-Disposition': { schema: { type: 'string' } } },
            content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: { type: 'string' } }])),
          }),
    };
  }
  const jsonSchema =
    schema === undefined
      ? { type: 'object' }
      : typeof schema === 'string'
        ? { $ref: schemaPrefix + schema }
        : inlineSchema(schema, 'output');
  return { description, content: { 'application/json': { schema: jsonSchema } } };
}

/** The sign-in link: open to anyone, since the one-time token in it is the credential. */
function logInOperation(): JsonObject {
  const page = { 'text/html': { schema: { type: 'string' } } };
  const lifetime = `${loginTokenLifetimeMs / 60_000} minutes`;
  return {
    operationId: 'logIn',
    summary: 'Turns a one-time login link into a browser session, then goes on to the app at /',
    ...privateMarks,
    security: [],
    parameters: [
      {
        name: 'token',
        in: 'query',
        required: true,
        description:
          'The one-time token of a login link (earshot serve prints one; earshot open and ' +
          `POST /control/v1/login-tokens make more); it works once, within ${lifetime}`,
        schema: { type: 'string' },
        example: 'hB3kR9vXw2LmQ7tN5yZc8aFd1gJs4eUo6iPq0rTb-Yw',
      },
    ],
    responses: {
      '200': {
        description:
          "The sign-in page: it sets the session cookie, leaves the page key in this origin's storage " +
          'and replaces the address with /',
        headers: { 'Set-Cookie': { description: 'The session cookie', schema: { type: 'string' } } },
        content: page,
      },
      '401': {
        description:
          `The link was used already, is more than ${lifetime} old or belongs to an earlier run: a ` +
          'page that says how to get a new one',
        content: page,
      },
      ...errorResponses(errorsOfEveryEndpoint),
    },
  };
}
