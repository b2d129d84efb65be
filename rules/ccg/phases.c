/*
 * phases.c — the names of the phases of a CCG game turn (rulebook
 * section 3, "The Turn Sequence"; the order of the phases is enum
 * ccg_phase in ccg.h) and which of them make up the Combat Round. Every
 * rule file may ask; this file calls none of them. What each phase
 * does and who it waits for is turn-sequence.c.
 */
#include "config.h"

#include <string.h>

#include "rules/ccg/ccg.h"
#include "rules/ccg/turn.h"

const char *const ccg_phase_names[CCG_NPHASES + 1] = {
	"ready",
	"movement.evacuate",
	"movement.locations",
	"movement.move",
	"movement.mature",
	"discard-draw",
	"combat.declare.unhidden-close",
	"combat.declare.unhidden-ranged",
	"combat.declare.hidden-close",
	"combat.declare.hidden-ranged",
	"combat.resolve.ranged",
	"combat.resolve.close",
	"search.declare",
	"search.find",
	"end",
	"over",
	NULL
};

const char *
ccg_phase_name(int phase)
{
	return phase >= 0 && phase < CCG_NPHASES ? ccg_phase_names[phase] : "?";
}

int
ccg_phase_parse(const char *name)
{
	int i;

	for (i = 0; i < CCG_NPHASES; i++)
		if (strcmp(ccg_phase_names[i], name) == 0)
			return i;
	return -1;
}

int
ccg_combat_phase(int phase)
{
	return phase >= CCG_PH_DECLARE_UC && phase <= CCG_PH_RESOLVE_CLOSE;
}
