"""The print guide: one page that says how to print, check, cut and sleeve the kit's
sheets, which sheet holds which cards, and how to use the calibration page."""

from __future__ import annotations

from ..words import say
from .files import Job
from .request import Request

__all__ = ["jobs"]


def jobs(request: Request) -> list[Job]:
    if request.watching:  # no edit of a designed deck changes it
        return []
    sets, template, settings = request.sets, request.template, request.settings
    target = request.out / "print-guide.pdf"

    def make():
        from ..render.guide import print_guide

        return {
            target: print_guide(sets, template, settings.duplex, settings.aids, request.contents)
        }

    return [Job(say("kit.guide"), make)]
