export { ProjectsModule } from './projects.module';
export { ProjectSummaries, type ProjectSummary } from './project-summaries';
