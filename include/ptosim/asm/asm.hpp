// The Linx block assembler/disassembler: one include for all of it.
#pragma once

#include "ptosim/asm/block.hpp"
#include "ptosim/asm/codec.hpp"
#include "ptosim/asm/insn.hpp"
#include "ptosim/asm/lexer.hpp"
#include "ptosim/asm/parser.hpp"
#include "ptosim/asm/printer.hpp"
#include "ptosim/asm/status.hpp"
#include "ptosim/isa/table.hpp"
