// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "refphp" for the parts of the reference PCI hotplug driver
 * that need no device: attention validation, the event thread's request
 * state machine, the choice of the managed slot and the fault= parser.
 *
 * Built as the module refphp_kunit; it uses refphp's symbols, so load
 * refphp.ko first. The results are in /sys/kernel/debug/kunit/refphp/.
 */

#include <kunit/test.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/module.h>

#include "refphp.h"

/**
 * refphp_test_attention_accepted() - off, on and blink are accepted
 * @test: the test context
 */
static void refphp_test_attention_accepted(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, refphp_check_attention(REFPHP_ATTN_OFF), 0);
	KUNIT_EXPECT_EQ(test, refphp_check_attention(REFPHP_ATTN_ON), 0);
	KUNIT_EXPECT_EQ(test, refphp_check_attention(REFPHP_ATTN_BLINK), 0);
}

/**
 * refphp_test_attention_refused() - every other byte is -EINVAL
 * @test: the test context
 *
 * The core hands the driver any u8: 3 to 255 must all be refused.
 */
static void refphp_test_attention_refused(struct kunit *test)
{
	unsigned int value;

	for (value = REFPHP_ATTN_BLINK + 1; value <= U8_MAX; value++)
		KUNIT_EXPECT_EQ_MSG(test, refphp_check_attention(value),
				    -EINVAL, "value %u", value);
}

/**
 * struct refphp_action_case - one row of the state machine's table
 * @powered: slot power before
 * @events: REFPHP_EV_* bits taken by the thread
 * @action: the expected action
 */
struct refphp_action_case {
	bool powered;
	unsigned int events;
	enum refphp_action action;
};

static const struct refphp_action_case refphp_action_cases[] = {
	/* Nothing pending: a wakeup whose events an earlier run took. */
	{ false, 0, REFPHP_ACT_NONE },
	{ true, 0, REFPHP_ACT_NONE },
	/* User requests: act only when the state differs. */
	{ true, REFPHP_EV_DISABLE, REFPHP_ACT_POWER_OFF },
	{ false, REFPHP_EV_DISABLE, REFPHP_ACT_NONE },
	{ false, REFPHP_EV_ENABLE, REFPHP_ACT_POWER_ON },
	{ true, REFPHP_EV_ENABLE, REFPHP_ACT_NONE },
	/* The button toggles. */
	{ true, REFPHP_EV_BUTTON, REFPHP_ACT_POWER_OFF },
	{ false, REFPHP_EV_BUTTON, REFPHP_ACT_POWER_ON },
	/* Disable beats enable, a user request beats the button. */
	{ true, REFPHP_EV_DISABLE | REFPHP_EV_ENABLE, REFPHP_ACT_POWER_OFF },
	{ false, REFPHP_EV_DISABLE | REFPHP_EV_ENABLE, REFPHP_ACT_NONE },
	{ true, REFPHP_EV_ENABLE | REFPHP_EV_BUTTON, REFPHP_ACT_NONE },
	{ false, REFPHP_EV_DISABLE | REFPHP_EV_BUTTON, REFPHP_ACT_NONE },
	{ true, REFPHP_EV_DISABLE | REFPHP_EV_BUTTON, REFPHP_ACT_POWER_OFF },
};

/**
 * refphp_test_next_action() - the event thread's decisions, row by row
 * @test: the test context
 */
static void refphp_test_next_action(struct kunit *test)
{
	const struct refphp_action_case *c;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(refphp_action_cases); i++) {
		c = &refphp_action_cases[i];
		KUNIT_EXPECT_EQ_MSG(test, refphp_next_action(c->powered,
							     c->events),
				    c->action, "row %u: powered %d events %#x",
				    i, c->powered, c->events);
	}
}

/**
 * refphp_test_pick_slot_default() - by default, the controller's own + 1
 * @test: the test context
 */
static void refphp_test_pick_slot_default(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, refphp_pick_slot(-1, 4), 5);
	KUNIT_EXPECT_EQ(test, refphp_pick_slot(-1, 0), 1);
	KUNIT_EXPECT_EQ(test, refphp_pick_slot(-1, 30), 31);
	/* A controller in the last slot has no next one. */
	KUNIT_EXPECT_EQ(test, refphp_pick_slot(-1, 31), -ERANGE);
}

/**
 * refphp_test_pick_slot_param() - slot= is taken if valid
 * @test: the test context
 */
static void refphp_test_pick_slot_param(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, refphp_pick_slot(0, 4), 0);
	KUNIT_EXPECT_EQ(test, refphp_pick_slot(7, 4), 7);
	KUNIT_EXPECT_EQ(test, refphp_pick_slot(31, 4), 31);
	KUNIT_EXPECT_EQ(test, refphp_pick_slot(32, 4), -ERANGE);
	KUNIT_EXPECT_EQ(test, refphp_pick_slot(99, 4), -ERANGE);
	KUNIT_EXPECT_EQ(test, refphp_pick_slot(-2, 4), -ERANGE);
	/* The controller cannot manage the slot it sits in. */
	KUNIT_EXPECT_EQ(test, refphp_pick_slot(4, 4), -EINVAL);
}

/**
 * refphp_test_parse_fault() - fault= names, with sysfs' trailing newline
 * @test: the test context
 */
static void refphp_test_parse_fault(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, refphp_parse_fault("none"), REFPHP_FAULT_NONE);
	KUNIT_EXPECT_EQ(test, refphp_parse_fault("initialize"),
			REFPHP_FAULT_INITIALIZE);
	KUNIT_EXPECT_EQ(test, refphp_parse_fault("irq\n"), REFPHP_FAULT_IRQ);
	KUNIT_EXPECT_EQ(test, refphp_parse_fault("add"), REFPHP_FAULT_ADD);
	KUNIT_EXPECT_EQ(test, refphp_parse_fault(""), -EINVAL);
	KUNIT_EXPECT_EQ(test, refphp_parse_fault("IRQ"), -EINVAL);
	KUNIT_EXPECT_EQ(test, refphp_parse_fault("init"), -EINVAL);
	KUNIT_EXPECT_EQ(test, refphp_parse_fault("add,irq"), -EINVAL);
}

static struct kunit_case refphp_test_cases[] = {
	KUNIT_CASE(refphp_test_attention_accepted),
	KUNIT_CASE(refphp_test_attention_refused),
	KUNIT_CASE(refphp_test_next_action),
	KUNIT_CASE(refphp_test_pick_slot_default),
	KUNIT_CASE(refphp_test_pick_slot_param),
	KUNIT_CASE(refphp_test_parse_fault),
	{}
};

static struct kunit_suite refphp_test_suite = {
	.name = "refphp",
	.test_cases = refphp_test_cases,
};

kunit_test_suite(refphp_test_suite);

MODULE_DESCRIPTION("KUnit tests for the refphp reference PCI hotplug driver");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
