import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { type ZodType, z } from 'zod';

/**
 * Response serialiser for the hottest routes (the Key Manager public REST API). It compiles the
 * zod response schema's JSON Schema with fast-json-stringify (Fastify's own serialiser) once per
 * route, instead of encoding each reply through zod and then JSON.stringify. Measured: zod's
 * encoding was ~8 % of the server's CPU on get-key-information.
 *
 * The difference at run time: a property outside the schema is dropped instead of failing the
 * reply, and a missing required one still fails (500). Handlers stay type-checked against the
 * same zod schema at compile time, and OpenAPI is generated from it as before.
 */
export const compiledSerializer: FastifySerializerCompiler<ZodType> = ({ schema }) =>
  fastJson(z.toJSONSchema(schema, { io: 'output', target: 'draft-7' }) as fastJson.AnySchema);
