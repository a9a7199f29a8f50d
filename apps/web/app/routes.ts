import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  layout('routes/reader-layout.tsx', [
    index('routes/home.tsx'),
    route('category/:category', 'routes/category.tsx'),
    route('tag/:category', 'routes/category.tsx', { id: 'tag' }),
    route('article/:slug', 'routes/article.tsx'),
  ]),
  route('articles/:id', 'routes/article-by-id.tsx'),
  route('unauthorized', 'routes/unauthorized.tsx'),
  route('facebook', 'routes/facebook.tsx'),
  route('login', 'routes/login.tsx'),
  route('register', 'routes/register.tsx'),
  route('profile', 'routes/profile.tsx'),
  route('admin', 'routes/admin.tsx'),
  route('admin/user-management', 'routes/user-management.tsx'),
  route('test-auth', 'routes/test-auth.tsx'),
  route('periodic-table', 'routes/periodic-table.tsx'),
  route('periodic-table/:elementIdentifier', 'routes/periodic-table-element.tsx'),
  route('element-view/:atomicNumber/isotopes', 'routes/isotopes.tsx'),
  route('elements/:atomicNumber/isotopes', 'routes/isotopes.tsx', { id: 'element-isotopes' }),
  route('solar-system', 'routes/solar-system.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
