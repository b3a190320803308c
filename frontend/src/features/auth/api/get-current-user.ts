export { currentUserQuery, getCurrentUser, useCurrentUser } from '../../../api/current-user';
