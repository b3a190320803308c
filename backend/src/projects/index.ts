export { ProjectSummaries, type ProjectSummary } from './project-summaries';
export { ProjectsModule } from './projects.module';
