import type { Kysely, Migration } from 'kysely';

/**
 * Issue 41: the fields a newsroom writes — the ingress, the front page's own headline and teaser,
 * the search engines' and the social networks' texts, the featured picture's focal point — and
 * tags that keep the editor's casing (`label`; `tag` stays the lower-case key they match by).
 */
export const newsroomFields = (): Migration => ({
  async up(db: Kysely<unknown>) {
    const text: [string, string][] = [
      ['ingress', 'text'],
      ['front_headline', 'varchar(300)'],
      ['teaser', 'text'],
      ['seo_title', 'varchar(120)'],
      ['seo_description', 'varchar(320)'],
      ['social_title', 'varchar(200)'],
      ['social_description', 'varchar(400)'],
      ['social_image', 'varchar(2000)'],
    ];
    for (const [name, type] of text)
      await db.schema
        .alterTable('articles')
        .addColumn(name, type as 'text')
        .execute();
    await db.schema.alterTable('articles').addColumn('focal_x', 'real').execute();
    await db.schema.alterTable('articles').addColumn('focal_y', 'real').execute();
    await db.schema.alterTable('article_tags').addColumn('label', 'varchar(40)').execute();
  },
  async down(db: Kysely<unknown>) {
    for (const name of [
      'ingress',
      'front_headline',
      'teaser',
      'seo_title',
      'seo_description',
      'social_title',
      'social_description',
      'social_image',
      'focal_x',
      'focal_y',
    ])
      await db.schema.alterTable('articles').dropColumn(name).execute();
    await db.schema.alterTable('article_tags').dropColumn('label').execute();
  },
});
