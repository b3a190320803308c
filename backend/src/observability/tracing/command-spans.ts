import { Injectable, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import { inSpan } from './spans';

/**
 * A span around every command's handler (`command DecideOnVersion`), inside the request's span
 * and around the decide and append spans of EventStreams. The bus has no middleware, so its
 * execute is wrapped once at start; with tracing off the span is a no-op.
 */
@Injectable()
export class CommandSpans implements OnModuleInit {
  constructor(private readonly commandBus: CommandBus) {}

  onModuleInit(): void {
    const execute = this.commandBus.execute.bind(this.commandBus);
    this.commandBus.execute = ((command: object) =>
      inSpan(`command ${command.constructor.name}`, { 'escrow.command': command.constructor.name }, () => execute(command as never))) as CommandBus['execute'];
  }
}
