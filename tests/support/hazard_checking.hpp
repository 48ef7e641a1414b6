// A test fixture that runs each test with the hazard checker on and collecting its reports, and leaves it off
// and empty afterwards.
#pragma once

#include <gtest/gtest.h>

#include "ptosim/sync/hazards.hpp"

class HazardChecking : public ::testing::Test {
  protected:
    void SetUp() override {
        ptosim::hazards::enable(true);
        ptosim::hazards::clear_reports();
        ptosim::hazards::begin_core();  // the test thread's own core starts afresh
    }
    void TearDown() override {
        ptosim::hazards::begin_core();
        ptosim::hazards::clear_reports();
        ptosim::hazards::enable(false);
    }
};
