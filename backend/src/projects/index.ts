export { ProjectSummaries } from './project-summaries';
export { ProjectsModule } from './projects.module';
