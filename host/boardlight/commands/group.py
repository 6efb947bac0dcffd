"""The command groups' class: its help lists each command with its first sentence whole."""

import click


class Group(click.Group):
    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        # Click cuts each line at the terminal's width with "...", which left half a
        # sentence: here the sentence is whole, wrapped.
        rows = []
        for name in self.list_commands(ctx):
            cmd = self.get_command(ctx, name)
            if cmd is not None and not cmd.hidden:
                rows.append((name, cmd.get_short_help_str(limit=1000)))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)
