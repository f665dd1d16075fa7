"""The calibration page: one two-sided page that measures how far a printer puts the
backs off their fronts, for the kit's template and duplex edge."""

from __future__ import annotations

from ..values.model import Template
from ..values.settings import DEFAULT_TEMPLATE, Settings
from ..words import say
from .files import Job, Printed
from .request import Request

__all__ = ["calibrated", "calibration_name", "calibration_note", "jobs"]


def jobs(request: Request) -> list[Job]:
    template, settings = request.template, request.settings
    if not calibrated(template, settings):
        return []
    edge = "short" if settings.duplex == "short" else "long"
    target = request.out / "calibration.pdf"

    def make():
        from ..render.calibrate import calibration_page

        return {target: calibration_page(template, edge)}

    return [
        Job(
            say("kit.calibration"),
            make,
            prints=(Printed(target.name, say("guide.file-calibration"), 1),),
        )
    ]


def calibrated(template: Template, settings: Settings) -> bool:
    """Whether the kit has a calibration page: when its cards have backs to line up, and
    the paper has room for the page (a build on smaller paper says so and goes on)."""
    if not template.backs or settings.duplex == "none":
        return False
    from ..render.calibrate import calibration_fits

    return calibration_fits(template, "short" if settings.duplex == "short" else "long")


def calibration_note(template: Template, settings: Settings) -> list[str]:
    """The line a build prints when its cards have backs but the paper has no room for a
    calibration page."""
    if template.backs and settings.duplex != "none" and not calibrated(template, settings):
        return [say("kit.no-calibration", template=template.name)]
    return []


def calibration_name(template: Template, duplex: str) -> str:
    """The calibration page's file name: calibration.pdf for the kit's own template and a
    long-edge printer, else with what differs (calibration-a4-3x3-short.pdf)."""
    parts = ["calibration"]
    if template.name != DEFAULT_TEMPLATE:
        parts.append(template.name)
    if duplex == "short":
        parts.append("short")
    return "-".join(parts) + ".pdf"
