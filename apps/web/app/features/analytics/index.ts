// The analytics feature's public API (issue 45): what routes compose.
export { StatisticsPage } from './components/StatisticsPage';
