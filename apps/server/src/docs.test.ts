import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.js';

describe('OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t?.close());

  it('describes every API route at /api/docs', async () => {
    const res = await t.app.inject('/api/docs');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of ['/api/articles', '/api/articles/{id}', '/api/comments', '/api/login', '/api/notifications']) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    expect(JSON.stringify(doc)).toContain('Comment');
  });

  it('is a valid OpenAPI document: every $ref resolves to a defined component', async () => {
    const doc = (await t.app.inject('/api/docs')).json();
    const refs = [...new Set(JSON.stringify(doc).match(/"#\/components\/schemas\/[^"]+"/g) ?? [])];
    expect(refs).toContain('"#/components/schemas/Comment"');
    for (const ref of refs) {
      const name = JSON.parse(ref).split('/').pop();
      expect(doc.components.schemas, ref).toHaveProperty([name]);
    }
    // A real validator (schema of OpenAPI 3 plus every $ref dereferenced); it throws on any fault.
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toMatchObject({ openapi: doc.openapi });
  });

  it('a broken $ref is refused by the validator (the check above can fail)', async () => {
    const doc = (await t.app.inject('/api/docs')).json();
    doc.paths['/api/comments'].get.responses['200'] = {
      description: 'x',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Missing' } } },
    };
    await expect(SwaggerParser.validate(doc)).rejects.toThrow(/Missing/);
  });

  it('names the shared shapes as components', async () => {
    const doc = (await t.app.inject('/api/docs')).json();
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['Article', 'Category', 'Comment', 'Error', 'Notification', 'RoleRequest', 'User']),
    );
  });

  it('lists categories as an enum, not a plain string', async () => {
    const doc = (await t.app.inject('/api/docs')).json();
    expect(doc.components.schemas.Category.enum).toHaveLength(10);
    expect(doc.components.schemas.Category.enum).toEqual(expect.arrayContaining(['NYHETER', 'VÄRLDEN', 'SPORT']));
    // what clients send: the list's `category` parameter and the article body's field
    const param = doc.paths['/api/articles'].get.parameters.find((p: { name: string }) => p.name === 'category');
    expect(param.schema.enum).toEqual(doc.components.schemas.Category.enum);
    const body = doc.paths['/api/articles'].post.requestBody.content['application/json'].schema;
    expect(body.properties.category.enum).toEqual(doc.components.schemas.Category.enum);
  });

  it('is browsable by people at /api/docs/ui, reading the same document', async () => {
    const page = await t.app.inject('/api/docs/ui');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('swagger-ui');
    const json = await t.app.inject('/api/docs/ui/json');
    expect(json.statusCode).toBe(200);
    expect(json.json()).toEqual((await t.app.inject('/api/docs')).json());
  });
});
