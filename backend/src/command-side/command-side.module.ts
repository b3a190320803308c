import { Global, Module } from '@nestjs/common';
import { EventSourcedCommandService } from './event-sourced-command.service';

@Global()
@Module({ providers: [EventSourcedCommandService], exports: [EventSourcedCommandService] })
export class CommandSideModule {}
